import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Me } from '@parley/contracts';
import { makeStore } from '../../../app/store';
import { fakeApi, json, type RecordedCall } from '../../../test/fake-api';
import { ME, signInCookies } from '../../../test/fixtures';
import { renderPage } from '../../../test/render';
import { activateLocale } from '../../../lib/i18n';
import { setThemePreference } from '../../../lib/preferences';
import { pictureSizeMessage, pictureTypeMessage, ProfilePage } from './profile-page';

/** Long flows type a lot; a loaded machine makes userEvent slow. */
const FLOW_TIMEOUT = 60_000;

function renderProfile() {
  signInCookies();
  const { store } = makeStore({ persist: false });
  renderPage(<ProfilePage />, { at: '/settings/profile', store });
  return store;
}

/** A fake of the profile endpoints that keeps Me as the server would. */
function profileServer(initial: Partial<Me> = {}) {
  let me: Me = { ...ME, ...initial };
  return fakeApi({
    'GET /dashboardapi/me': () => json(200, me),
    'POST /attachment/': (call: RecordedCall) => {
      const file = (call.body as FormData).get('file') as File;
      return json(201, {
        id: 42,
        file_name: file.name,
        content_type: file.type,
        size: file.size,
        is_embedded: false,
        url: '/dashboardapi/attachments/42/download?exp=1&sig=x',
      });
    },
    'PATCH /dashboardapi/me/profile': (call: RecordedCall) => {
      const body = call.body as Record<string, unknown>;
      me = {
        ...me,
        ...(typeof body.name === 'string' ? { name: body.name } : {}),
        ...(typeof body.profile_color === 'string' ? { profile_color: body.profile_color } : {}),
        ...('notification_sound' in body
          ? { notification_sound: body.notification_sound as number | null }
          : {}),
        ...('locale' in body ? { locale: body.locale as Me['locale'] } : {}),
        ...('theme' in body ? { theme: body.theme as Me['theme'] } : {}),
        ...('avatar_attachment_id' in body
          ? {
              avatar:
                body.avatar_attachment_id === null
                  ? null
                  : `/dashboardapi/avatars/${String(body.avatar_attachment_id)}/sig`,
            }
          : {}),
      };
      return json(200, me);
    },
  });
}

async function chooseSound(option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Notification sound' }));
  const item = await waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find(
      (el) => el.getAttribute('title') === option && !el.closest('.ant-select-dropdown-hidden'),
    );
    if (!found) throw new Error(`No option ${option}`);
    return found;
  });
  fireEvent.click(item);
}

const png = (size = 2048) => new File([new Uint8Array(size)], 'me.png', { type: 'image/png' });

// The language and theme belong to the page: each test starts in English, following the device.
afterEach(async () => {
  await activateLocale('en');
  setThemePreference('system');
});

async function chooseOption(label: string, option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  const item = await waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find(
      (el) => el.getAttribute('title') === option && !el.closest('.ant-select-dropdown-hidden'),
    );
    if (!found) throw new Error(`No option ${option}`);
    return found;
  });
  fireEvent.click(item);
}

describe('language and theme (Profile)', () => {
  it(
    "offers the browser's language and every language by its own name; the choice is saved and the page switches to it",
    async () => {
      const api = profileServer();
      renderProfile();
      await screen.findByLabelText('Name');
      expect(screen.getByRole('combobox', { name: 'Language' })).toBeInTheDocument();
      await chooseOption('Language', 'Français');
      fireEvent.click(screen.getByRole('radio', { name: 'Dark' }));
      await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));

      await waitFor(() =>
        expect(api.callsTo('PATCH /dashboardapi/me/profile')[0]?.body).toMatchObject({
          locale: 'fr',
          theme: 'dark',
        }),
      );
      expect(
        await screen.findByRole('button', { name: 'Enregistrer les modifications' }),
      ).toBeInTheDocument();
      expect(document.documentElement).toHaveAttribute('lang', 'fr');
    },
    FLOW_TIMEOUT,
  );

  it('saving other fields does not pin the language or the theme', async () => {
    const api = profileServer({ locale: null, theme: 'system' });
    renderProfile();
    const name = await screen.findByLabelText('Name');
    await userEvent.type(name, 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(api.callsTo('PATCH /dashboardapi/me/profile')).toHaveLength(1));
    const body = api.callsTo('PATCH /dashboardapi/me/profile')[0]?.body as object;
    expect(body).not.toHaveProperty('locale');
    expect(body).not.toHaveProperty('theme');
  });
});

describe('profile page (/settings/profile)', () => {
  it(
    'saves name, colour and notification sound; Me in the store reflects the change',
    async () => {
      const api = profileServer();
      const store = renderProfile();
      const name = await screen.findByLabelText('Name');
      expect(name).toHaveValue('Erin Example');
      expect(screen.getByRole('link', { name: 'Change password' })).toHaveAttribute(
        'href',
        '/settings/profile/changepassword',
      );

      await userEvent.clear(name);
      await userEvent.type(name, 'Erin Q Public');
      await userEvent.click(screen.getByRole('radio', { name: 'Colour #13a8a8' }));
      await chooseSound('Pop');
      await userEvent.click(
        screen.getByRole('switch', {
          name: 'Play a sound for new notifications and live chat messages',
        }),
      );
      // The initials preview follows the name and colour before saving.
      expect(screen.getByLabelText('Initials preview')).toHaveTextContent('EP');
      await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));

      expect(await screen.findByText('Profile saved')).toBeInTheDocument();
      expect(api.callsTo('PATCH /dashboardapi/me/profile')[0]?.body).toEqual({
        name: 'Erin Q Public',
        profile_color: '#13a8a8',
        notification_sound: 3,
        is_notification_sound_enabled: false,
      });
      await waitFor(() =>
        expect(store.getState().auth.me).toMatchObject({
          name: 'Erin Q Public',
          profile_color: '#13a8a8',
          notification_sound: 3,
        }),
      );
    },
    FLOW_TIMEOUT,
  );

  it(
    'uploads a picture with the attachment form, previews it, and saves its id as the avatar',
    async () => {
      const api = profileServer();
      const store = renderProfile();
      await screen.findByLabelText('Name');
      await userEvent.upload(screen.getByLabelText('Choose a profile picture'), png());

      const preview = await screen.findByAltText('Profile picture preview');
      expect(preview.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
      await waitFor(() => expect(api.callsTo('POST /attachment/')).toHaveLength(1));
      expect(await screen.findByText(/Save to apply the change/)).toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));

      await waitFor(() =>
        expect(api.callsTo('PATCH /dashboardapi/me/profile')[0]?.body).toMatchObject({
          avatar_attachment_id: 42,
        }),
      );
      await waitFor(() =>
        expect(store.getState().auth.me?.avatar).toBe('/dashboardapi/avatars/42/sig'),
      );
    },
    FLOW_TIMEOUT,
  );

  it('removes the picture on save', async () => {
    const api = profileServer({ avatar: '/dashboardapi/avatars/7/sig' });
    renderProfile();
    expect(await screen.findByAltText('Profile picture preview')).toHaveAttribute(
      'src',
      '/dashboardapi/avatars/7/sig',
    );
    await userEvent.click(screen.getByRole('button', { name: /remove/i }));
    expect(screen.getByLabelText('Initials preview')).toHaveTextContent('EE');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(api.callsTo('PATCH /dashboardapi/me/profile')[0]?.body).toMatchObject({
        avatar_attachment_id: null,
      }),
    );
  });

  it('refuses a file that is not a picture, or one over 2 MB, before uploading it', async () => {
    const api = profileServer();
    renderProfile();
    await screen.findByLabelText('Name');
    const input = screen.getByLabelText('Choose a profile picture');
    fireEvent.change(input, {
      target: { files: [new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' })] },
    });
    expect(await screen.findByText(pictureTypeMessage())).toBeInTheDocument();
    fireEvent.change(input, { target: { files: [png(2_000_001)] } });
    expect(await screen.findByText(pictureSizeMessage())).toBeInTheDocument();
    expect(api.callsTo('POST /attachment/')).toHaveLength(0);
  });

  it("shows the server's refusal under the field it is about", async () => {
    fakeApi({
      'GET /dashboardapi/me': json(200, ME),
      'PATCH /dashboardapi/me/profile': json(400, {
        code: 'validation_error',
        message: 'name: Use at most 120 characters.',
        details: [{ path: 'name', message: 'Use at most 120 characters.' }],
      }),
    });
    renderProfile();
    await screen.findByLabelText('Name');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Use at most 120 characters.')).toBeInTheDocument();
  });

  it(
    'plays the chosen sound as a preview; "None" cannot be played',
    async () => {
      profileServer();
      const oscillators: number[] = [];
      class FakeAudioContext {
        state = 'running';
        currentTime = 0;
        destination = {};
        createOscillator() {
          const param = {
            setValueAtTime: (value: number) => oscillators.push(value),
            exponentialRampToValueAtTime: () => undefined,
          };
          return {
            type: 'sine',
            frequency: param,
            connect: () => undefined,
            start: () => undefined,
            stop: () => undefined,
          };
        }
        createGain() {
          return {
            gain: {
              setValueAtTime: () => undefined,
              exponentialRampToValueAtTime: () => undefined,
            },
            connect: () => undefined,
          };
        }
        resume() {
          return Promise.resolve();
        }
      }
      vi.stubGlobal('AudioContext', FakeAudioContext);
      renderProfile();
      await screen.findByLabelText('Name');
      await chooseSound('Pop');
      await userEvent.click(screen.getByRole('button', { name: /play/i }));
      // Pop is one tone starting at 520 Hz (lib/notification-sound).
      expect(oscillators).toEqual([520]);
      await chooseSound('None');
      await waitFor(() => expect(screen.getByRole('button', { name: /play/i })).toBeDisabled());
    },
    FLOW_TIMEOUT,
  );
});

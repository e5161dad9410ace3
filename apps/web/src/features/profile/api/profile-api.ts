import { LOCAL_KEYS, type Me, type ProfileUpdateBody } from '@parley/contracts';
import { baseApi } from '../../../lib/base-api';
import { followMePreferences } from '../../../lib/preferences';
import { hasSession } from '../../../lib/session';
import { meLoaded } from '../../auth';

export const profileApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** PATCH /dashboardapi/me/profile: answers the new Me. */
    updateProfile: build.mutation<Me, ProfileUpdateBody>({
      query: (body) => ({ url: '/dashboardapi/me/profile', method: 'PATCH', body }),
      // Name, picture and colour show in the inbox (mapping) and on the team page too.
      invalidatesTags: (result) => (result ? ['Me', 'Mapping', 'TeamMembers'] : []),
      async onQueryStarted(_, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          if (!hasSession()) return;
          dispatch(meLoaded(data));
          localStorage.setItem(LOCAL_KEYS.loggedInUserData, JSON.stringify(data));
          // The app takes on the person's language and theme.
          followMePreferences(data);
        } catch {
          // The page shows the failure from the mutation's own result.
        }
      },
    }),
  }),
});

export const { useUpdateProfileMutation } = profileApi;

import { LOCAL_KEYS, type Me } from '@parley/contracts';
import { baseApi } from '../../../lib/base-api';
import { followMePreferences } from '../../../lib/preferences';
import { hasSession } from '../../../lib/session';
import { meLoaded } from '../auth-slice';
import { ME_PATH } from './me-path';

export const meApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getMe: build.query<Me, void>({
      query: () => ME_PATH,
      providesTags: ['Me'],
      async onQueryStarted(_, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          // An answer that lands after sign-out must not bring the user record back.
          if (!hasSession()) return;
          dispatch(meLoaded(data));
          // docs/product/data.md: the signed-in user is kept locally under logged_in_user_data.
          localStorage.setItem(LOCAL_KEYS.loggedInUserData, JSON.stringify(data));
          // The app takes on the person's language and theme.
          followMePreferences(data);
        } catch {
          // The failure is the query's own state; 401/403 are handled by the request wrapper.
        }
      },
    }),
  }),
});

export const { useGetMeQuery } = meApi;

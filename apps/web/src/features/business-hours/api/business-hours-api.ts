import { BUSINESS_HOURS_PATH, type BusinessHoursSettings } from '@parley/contracts';
import { baseApi } from '../../../lib/base-api';

/** The account's business hours and holidays (docs/product/sla.md): null hours, round the clock. */
export const businessHoursApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getBusinessHours: build.query<BusinessHoursSettings, void>({
      query: () => BUSINESS_HOURS_PATH,
    }),
    saveBusinessHours: build.mutation<BusinessHoursSettings, BusinessHoursSettings>({
      query: (body) => ({ url: BUSINESS_HOURS_PATH, method: 'PUT', body }),
      async onQueryStarted(_, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data)
          dispatch(businessHoursApi.util.upsertQueryData('getBusinessHours', undefined, data));
      },
    }),
  }),
});

export const { useGetBusinessHoursQuery, useSaveBusinessHoursMutation } = businessHoursApi;

import {
  WIDGET_SETTINGS_PATH,
  type BrandCreateBody,
  type WidgetSettings,
  type WidgetSettingsPatchInput,
} from '@parley/contracts';
import { baseApi } from '../../../lib/base-api';

/** Which store's widget: absent means the server's default (the first Shopify store). */
export type WidgetStoreArg = { brandId?: number | undefined };

const query = (brandId: number | undefined) =>
  brandId === undefined ? {} : { query: { brand_id: brandId } };

export const widgetSettingsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getWidgetSettings: build.query<WidgetSettings, WidgetStoreArg>({
      query: ({ brandId }) => ({ url: WIDGET_SETTINGS_PATH, ...query(brandId) }),
      providesTags: ['WidgetSettings'],
    }),
    /** A new store of the workspace (its widget is then set up here). */
    createStore: build.mutation<{ id: number; name: string }, BrandCreateBody>({
      query: (body) => ({ url: '/dashboardapi/brand', method: 'POST', body }),
      invalidatesTags: (result) => (result ? ['WidgetSettings', 'SetupChecklist'] : []),
    }),
    updateWidgetSettings: build.mutation<
      WidgetSettings,
      WidgetStoreArg & { body: WidgetSettingsPatchInput }
    >({
      query: ({ brandId, body }) => ({
        url: WIDGET_SETTINGS_PATH,
        method: 'PATCH',
        body,
        ...query(brandId),
      }),
      // The setup checklist's "install the widget" item follows the widget's state.
      invalidatesTags: (result) => (result ? ['WidgetSettings', 'SetupChecklist'] : []),
    }),
  }),
});

export const {
  useGetWidgetSettingsQuery,
  useUpdateWidgetSettingsMutation,
  useCreateStoreMutation,
} = widgetSettingsApi;

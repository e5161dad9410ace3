import type { GlobalSettings, GlobalSettingsPatch } from '@parley/contracts';
import { http, type RequestOptions } from '../../../lib/request';

const PATH = '/dashboardapi/global/settings';

export const globalSettingsApi = {
  get: (options?: RequestOptions) => http.get<GlobalSettings>(PATH, options),
  /** Body reqData (docs/product/api.md): any subset of the five settings. */
  update: (reqData: GlobalSettingsPatch, options?: RequestOptions) =>
    http.patch<GlobalSettings>(PATH, reqData, options),
};

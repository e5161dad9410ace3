import type { WidgetSettings } from '@parley/contracts';
import { baseApi } from '../../../lib/base-api';

/** A brand (store) of the workspace, as GET /dashboardapi/brand/all lists them. */
export type Brand = WidgetSettings['stores'][number];

/** docs/product/api.md "GET /dashboardapi/brand/all: list brands". */
export const BRANDS_PATH = '/dashboardapi/brand/all';

export const brandsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getBrands: build.query<Brand[], void>({ query: () => BRANDS_PATH }),
  }),
});

export const { useGetBrandsQuery } = brandsApi;

/** The workspace's store for the callback request's `myshopify_domain`: its first brand with a domain. */
export function workspaceStoreDomain(brands: Brand[] | undefined): string | null {
  return brands?.find((brand) => brand.myshopify_domain)?.myshopify_domain ?? null;
}

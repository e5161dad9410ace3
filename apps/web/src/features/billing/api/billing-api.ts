import {
  BILLING_PATHS,
  type BillingCheckoutBody,
  type BillingRedirect,
  type BillingState,
} from '@parley/contracts';
import { baseApi } from '../../../lib/base-api';

export const billingApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getBilling: build.query<BillingState, void>({
      query: () => BILLING_PATHS.state,
      providesTags: ['Billing'],
    }),
    /** A Stripe Checkout session for the plan; the page sends the admin to its URL. */
    startCheckout: build.mutation<BillingRedirect, BillingCheckoutBody>({
      query: (body) => ({ url: BILLING_PATHS.checkout, method: 'POST', body }),
    }),
    /** A Stripe customer-portal session (cards, invoices). */
    openBillingPortal: build.mutation<BillingRedirect, void>({
      query: () => ({ url: BILLING_PATHS.portal, method: 'POST' }),
    }),
  }),
});

export const { useGetBillingQuery, useStartCheckoutMutation, useOpenBillingPortalMutation } =
  billingApi;

/** The signed-in user's record (Me: docs/product/api.md); apart from me-api so the entry chunk can name it. */
export const ME_PATH = '/dashboardapi/me';

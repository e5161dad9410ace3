/** The signed-in user's record (spec §7 Me); apart from me-api so the entry chunk can name it. */
export const ME_PATH = '/dashboardapi/me';

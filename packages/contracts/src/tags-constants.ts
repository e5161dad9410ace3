/** Settings → Tags (/settings/tags): the account's tags, managed by owners and admins. */
export const TAG_PATHS = {
  list: '/dashboardapi/tags',
  one: (id: number | string) => `/dashboardapi/tags/${id}`,
  merge: (id: number | string) => `/dashboardapi/tags/${id}/merge`,
} as const;

/** The preset colours a tag can take; new tags cycle through them. */
export const TAG_PALETTE = [
  '#1677ff',
  '#13a8a8',
  '#722ed1',
  '#eb2f96',
  '#fa8c16',
  '#52c41a',
  '#2f54eb',
  '#fa541c',
  '#faad14',
  '#8c8c8c',
] as const;

export const TAG_NAME_MAX_LENGTH = 60;

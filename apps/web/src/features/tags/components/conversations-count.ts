/** “1 conversation”, “3 conversations”. */
export const conversationsCount = (n: number) => `${n} conversation${n === 1 ? '' : 's'}`;

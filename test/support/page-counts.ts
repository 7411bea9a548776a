/** Collection sizes and the calls it takes to read each whole: 100 a page, and an empty one is one call. */
export const pageCounts: [records: number, calls: number][] = [
  [0, 1],
  [1, 1],
  [100, 2],
  [101, 2],
  [250, 3],
];

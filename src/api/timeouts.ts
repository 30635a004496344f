/** Request timeouts of spec §9, in milliseconds. */
export const TIMEOUT = {
  default: 60_000,
  /** The second client of the original app (long server jobs). */
  secondaryClient: 180_000,
  settlement: 180_000,
  pay: 180_000,
  largeReport: 1_800_000,
  videoTaskDetail: 6_000_000,
  download: 180_000,
  exportDownload: 600_000,
} as const;

/** Select lists load everything in one page (spec §9). */
export const SELECT_LIST_PAGE = { pageNum: 1, pageSize: 99999 } as const;

/** Pagination defaults of spec §9. */
export const PAGINATION = { page: 1, limit: 20, sizes: [20, 50, 100] } as const;

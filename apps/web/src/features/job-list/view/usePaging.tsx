import { useState } from 'react';
import { JobListPagination } from './JobListPagination';

/**
 * The page and page size of a paged search page (users, physicians, interface messages): a new
 * search or page size starts at the first page. `pager(total)` is the pager under the results, or
 * nothing when there are none.
 */
export function usePaging(firstPageSize: number) {
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(firstPageSize);
  const pager = (total: number | undefined) =>
    total ? (
      <JobListPagination
        page={page}
        pageSize={pageSize}
        total={total}
        onPage={setPage}
        onPageSize={(n) => {
          setPageSize(n);
          setPage(0);
        }}
      />
    ) : null;
  return { page, pageSize, firstPage: () => setPage(0), pager };
}

import { ErrorPage } from '../../app/errors/ErrorPage';

/**
 * A users or reference-data page the account may not use (the server refuses its calls too): the
 * same 403 page as every other forbidden page (issue 39 row 11).
 */
export function NotPermitted() {
  return <ErrorPage code="403" />;
}

// The shared CSV writer (formula-safe cells, CRLF lines).
export { csvCell, csvLine } from '../../lib/csv';

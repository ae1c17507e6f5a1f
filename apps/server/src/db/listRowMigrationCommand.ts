// After an edit of JOB_LIST_ROW_LAYOUT (packages/core/src/rules/jobList/jobListRowLayout.ts):
//   npm run db:list-row -w @quill/server -- <snake_case_name>
// writes the next migration installing the layout's jobs_list_row function (and its journal entry).
import { writeListRowMigration } from './listRowMigration.js';

const name = process.argv[2] ?? '';
if (!/^[a-z0-9_]+$/.test(name)) {
  process.stderr.write('usage: npm run db:list-row -w @quill/server -- <snake_case_name>\n');
  process.exit(2);
}
process.stdout.write(`wrote drizzle/${writeListRowMigration(name)}\n`);

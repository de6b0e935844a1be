/** The Employee List's export: a file built in the browser that cannot be made is said, never an empty toast. */
import { downloadFailure } from '../../test/download-failure';
import { employeesExport } from './employee-export';

describe('the Employee List export', () => {
  it("says the browser's reason when it gives one, and a plain one when it gives none", async () => {
    expect(await downloadFailure(employeesExport, [], new Error('Quota exceeded'))).toEqual(['Error exporting the CSV: Quota exceeded']);
    expect(await downloadFailure(employeesExport, [], {})).toEqual(['Error exporting the CSV: the browser could not make the file. Try again.']);
  });
});

/**
 * The EPFO Electronic Challan cum Return (ECR 2.0, UAN based) text file of a month: one line per
 * member, no header, eleven fields separated by `#~#`, whole rupees without decimals:
 *
 *   UAN #~# member name #~# gross wages #~# EPF wages #~# EPS wages #~# EDLI wages
 *   #~# EPF contribution (employee share) #~# EPS contribution #~# EPF-EPS difference (employer's EPF share)
 *   #~# NCP days #~# refund of advances
 *
 * Source: EPFO's ECR file format for the unified portal, as reproduced by the ECR validation
 * utility guide (knowinfonow.com/2017/01/ecr-validation-tool-new-revised-epf-process-explained.html,
 * with sample lines such as `100427601130#~#FGH#~#10000#~#10000#~#10000#~#10000#~#1200#~#833#~#367#~#0#~#0`)
 * and hrcabin.com/uan-based-ecr-format-unified-pf-portal/ (the eleven fields and what each holds).
 * The same format's rules: no header row, no decimals, and no special characters in the name other
 * than '.', so the name keeps only letters, spaces and dots (which also means no cell can start a
 * formula when someone opens the file in a spreadsheet).
 *
 * NCP (non-contributory period) days are the days of the payable window not paid for: the whole
 * loss-of-pay days (a day half lost to late marks or a half day still carried wages, so it is not
 * counted), and every calendar day of a month with no paid working day, whose weekly offs are
 * unpaid too (31 for a wholly unpaid October, not its 27 working days; citehr.com
 * showpost.php?p=2429178). Days before joining are not NCP. Refund of advances is 0:
 * the product does not track PF advances. A member without a UAN cannot be filed and is left out,
 * named in the answer (the register warns of it before approval). An excluded employee (not a PF
 * member) has no line and is named too. A member aged 58 or more, or not eligible for EPS, has EPS
 * wages and EPS 0, the whole employer share in the EPF-EPS difference.
 */
import { portalName, type BuiltFile, type FilingRow, type LeftOut } from './filing-row';

const SEPARATOR = '#~#';
/** The format's maximum length of a member name. */
const NAME_MAX = 85;

/** The name as the ECR accepts it: ASCII letters, spaces and dots, single-spaced, at most 85 characters. */
export function ecrName(name: string): string {
  return portalName(name, true).slice(0, NAME_MAX).trim();
}

const whole = (rupees: number) => String(Math.round(rupees));

export function buildEcrFile(rows: readonly FilingRow[]): BuiltFile<string> {
  const lines: string[] = [];
  const leftOut: LeftOut[] = [];
  for (const r of rows) {
    const name = ecrName(r.name);
    if (!r.pfMember) {
      leftOut.push({ employeeId: r.employeeId, name: r.name, reason: 'not a PF member (excluded employee)' });
      continue;
    }
    if (!r.uan) {
      leftOut.push({ employeeId: r.employeeId, name: r.name, reason: 'no UAN' });
      continue;
    }
    if (!name) {
      leftOut.push({ employeeId: r.employeeId, name: r.name, reason: 'the name has no letters the ECR accepts' });
      continue;
    }
    const p = r.pf;
    lines.push(
      [r.uan, name, whole(r.earnedGross), whole(p.epfWages), whole(p.epsWages), whole(p.edliWages), whole(p.employee), whole(p.eps), whole(p.employerEpf), String(r.ncpDays), '0'].join(
        SEPARATOR,
      ),
    );
  }
  return { content: lines.length ? `${lines.join('\r\n')}\r\n` : '', leftOut };
}

export const ecrFileName = (month: string) => `ECR_${month}.txt`;

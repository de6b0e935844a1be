/**
 * The supplementary (arrear) ECR of a month: the PF differences of earlier approved months that the
 * month pays (a rule version back-dated into them; rule-arrears.ts), one `#~#` line per member, no
 * header, whole rupees:
 *
 *   UAN #~# member name #~# arrear EPF wages #~# arrear EPS wages #~# arrear EDLI wages
 *   #~# arrear EPF EE share #~# arrear EPF ER share #~# arrear EPS share
 *
 * Sources: EPFO's ECR file structure names the arrear fields "Arrear EPF Wages", "Arrear EPF EE
 * Share", "Arrear EPF ER Share" and "Arrear EPS Share", numbers only, no decimals (the file-structure
 * table reproduced at expydoc.com/doc/4335291/member-id-member-name-epf-wages-eps-wages-epf); since
 * the UAN-based ECR the arrears go in a separate arrear ECR of eight fields (arrear wages, employee
 * share and employer share) uploaded in the wage month the arrears are paid with
 * (infobuzzadda.com/when-i-have-to-upload-arrear-ecr/). The UAN, the name rule (letters, spaces and
 * '.', at most 85) and one line per member come from the monthly ECR (ecr-file.ts). The portal's own
 * arrear template was not seen: check one upload against it before relying on the column order.
 *
 * Several months for one member are one line (the format refuses two lines for one member). The ER
 * share is the employer's EPF share (12% less EPS). EDLI and administration charges go on the
 * challan, not in the lines. Only differences that raise PF are filed; a member without a UAN, or
 * outside PF, is left out and named.
 */
import type { SlipPfCorrection } from '../../../../shared/payroll/statutory/pf-corrections';
import { ecrName } from './ecr-file';
import type { BuiltFile, LeftOut } from './filing-row';

const SEPARATOR = '#~#';

export interface ArrearEcrMember {
  employeeId: string;
  name: string;
  uan: string | null;
  corrections: readonly SlipPfCorrection[];
}

const whole = (paise: number) => String(Math.round(paise / 100));

export function buildArrearEcrFile(members: readonly ArrearEcrMember[]): BuiltFile<string> {
  const lines: string[] = [];
  const leftOut: LeftOut[] = [];
  for (const m of members) {
    if (!m.corrections.length) continue;
    const name = ecrName(m.name);
    if (!m.uan) {
      leftOut.push({ employeeId: m.employeeId, name: m.name, reason: 'no UAN' });
      continue;
    }
    if (!name) {
      leftOut.push({ employeeId: m.employeeId, name: m.name, reason: 'the name has no letters the ECR accepts' });
      continue;
    }
    const sum = (f: (c: SlipPfCorrection) => number) => m.corrections.reduce((n, c) => n + f(c), 0);
    lines.push(
      [
        m.uan,
        name,
        whole(sum((c) => c.epfWagesPaise)),
        whole(sum((c) => c.epsWagesPaise)),
        whole(sum((c) => c.edliWagesPaise)),
        whole(sum((c) => c.employeePaise)),
        whole(sum((c) => c.employerEpfPaise)),
        whole(sum((c) => c.employerEpsPaise)),
      ].join(SEPARATOR),
    );
  }
  return { content: lines.length ? `${lines.join('\r\n')}\r\n` : '', leftOut };
}

export const arrearEcrFileName = (month: string) => `ECR_ARREAR_${month}.txt`;

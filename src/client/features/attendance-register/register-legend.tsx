/** The codes of the register, and the leave types' codes of this month's answer. */
import { REGISTER_LEGEND } from '../../../shared/leave-policy/month-register';
import type { RegisterPage } from '../../../shared/schemas/attendance-register';
import { REGISTER_UI as UI } from './register-copy';
import { codeClass } from './register-table';

export function RegisterLegend({ leaveTypes }: { leaveTypes: RegisterPage['leaveTypes'] }) {
  const entries = [
    ...REGISTER_LEGEND.filter((e) => !e.code.endsWith('-XX')),
    ...leaveTypes.map((t) => ({ code: `L-${t.code}`, meaning: `${t.name}${t.paid ? '' : ' (unpaid)'}` })),
    ...(leaveTypes[0] ? [{ code: `HL-${leaveTypes[0].code}`, meaning: REGISTER_LEGEND.find((e) => e.code === 'HL-XX')!.meaning.replace('XX', leaveTypes[0].code) }] : []),
  ];
  return (
    <section className="register-legend" aria-label={UI.legend}>
      <h3 className="visually-hidden">{UI.legend}</h3>
      <dl>
        {entries.map((e) => (
          <div key={e.code} className="register-legend__item">
            <dt className={codeClass(e.code === 'blank' ? '' : e.code)}>{e.code === 'blank' ? '\u00a0' : e.code}</dt>
            <dd>{e.meaning}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

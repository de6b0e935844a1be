/**
 * The employee dashboard's 'Download Salary Slip' button (product.md, Screens; we wire what the
 * spec's alert asked for): saves the last complete month's slip from /api/salary/generate.
 * Told the month (`month`), it asks for that one; told there is none yet (null: joined this month),
 * it takes the employee to the Salary Slip screen to choose a month instead of asking for a slip
 * the server must refuse.
 */
import { useCallback, type ReactNode } from 'react';
import { LABELS } from '../../copy';
import { useAppDispatch } from '../../app/hooks';
import { mutationCall } from '../../flows/from-mutation';
import { PATHS } from '../../config/paths';
import { useEffects } from '../../feedback/effects-context';
import { SLIP_BUTTON_UI } from './slip-button-copy';
import { salaryApi } from './salary-api';
import { useSlipDownload, type SlipFetcher } from './use-slip-download';

interface OwnSlipButtonProps {
  className?: string;
  /** YYYY-MM to save; null when there is no complete month yet; undefined while unknown (the server picks). */
  month?: string | null;
  /** The button's words; by default the spec's 'Download Salary Slip'. */
  label?: ReactNode;
}

export function OwnSlipButton({ className, month, label = LABELS.downloadSalarySlip }: OwnSlipButtonProps) {
  const dispatch = useAppDispatch();
  const effects = useEffects();
  const fetchSlip = useCallback<SlipFetcher>(
    // No month: the server chooses the last complete month in the company's time zone.
    (input, signal) => mutationCall(salaryApi.endpoints.downloadOwnSalarySlip, dispatch)(input.month ? { month: input.month } : {}, signal),
    [dispatch],
  );
  const [state, send] = useSlipDownload(fetchSlip, false);
  const downloading = state.matches('downloading');
  const onClick = () => {
    if (month === null) {
      effects.toast('info', SLIP_BUTTON_UI.chooseMonth);
      effects.navigate(PATHS.employeeSalary);
      return;
    }
    // The machine asks for the chosen month; without one, the server's default.
    if (month) send({ type: 'CHOOSE_MONTH', month });
    send({ type: 'DOWNLOAD' });
  };
  return (
    <button type="button" className={className} aria-busy={downloading} disabled={downloading} onClick={onClick}>
      {label}
    </button>
  );
}

/** /admin/going-live: the go-live settings, opening leave balances and past attendance from files, and leave adjustments. */
import { AdjustmentForm } from './adjustment-form';
import { FileImportCard } from './file-import-card';
import { GoLiveSettingsCard } from './go-live-settings-card';
import { GOING_LIVE_UI as UI } from './going-live-copy';
import './going-live.css';

export function GoingLivePage() {
  return (
    <div className="stack">
      <section className="card card--wide" aria-labelledby="going-live-title">
        <h1 id="going-live-title">{UI.title}</h1>
        <p>{UI.intro}</p>
      </section>
      <GoLiveSettingsCard />
      <FileImportCard kind="leave-balances" title={UI.balancesTitle} help={UI.balancesHelp} />
      <FileImportCard kind="attendance" title={UI.attendanceTitle} help={UI.attendanceHelp} />
      <AdjustmentForm />
    </div>
  );
}

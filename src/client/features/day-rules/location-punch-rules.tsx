/**
 * Each location's web punch rule, where locations are edited (Company): follow the company's rule, or
 * the location's own (anywhere in the browser, only inside an office site, only from an office network,
 * devices only). A person's own rule, on Edit Employee, still beats it. A choice saves at once through
 * the shared row action (one at a time; the server's msg as a toast).
 */
import type { PunchRule } from '../../../shared/schemas/day-rules';
import { errorMessage } from '../../api/error-message';
import { useAppDispatch } from '../../app/hooks';
import { Banner } from '../../components/banner';
import { LoadingLine } from '../../components/loading-line';
import { mutationCall } from '../../flows/from-mutation';
import { createRowActionMachine } from '../../flows/row-action-machine';
import { useRowAction } from '../../flows/use-row-action';
import { dayRulesApi, useGetLocationPunchRulesQuery } from './day-rules-api';
import { LOCATION_RULE_UI as UI } from './day-rules-copy';
import './location-punch-rules.css';

const CHOICES = {
  anywhere: { webAllowed: true, geofenceRequired: false, networkRequired: false },
  site: { webAllowed: true, geofenceRequired: true, networkRequired: false },
  network: { webAllowed: true, geofenceRequired: false, networkRequired: true },
  devices: { webAllowed: false, geofenceRequired: false, networkRequired: false },
} as const satisfies Record<string, PunchRule>;
type Choice = keyof typeof CHOICES | 'company';

/** The choice a stored rule shows as; a rule asking for both checks shows as the site's (the stricter reading). */
const choiceOf = (rule: PunchRule | null): Choice => {
  if (!rule) return 'company';
  if (!rule.webAllowed) return 'devices';
  if (rule.geofenceRequired) return 'site';
  if (rule.networkRequired) return 'network';
  return 'anywhere';
};

const locationRuleMachine = createRowActionMachine<{ id: string; rule: PunchRule | null }>({
  id: 'locationPunchRule',
  failure: (error) => UI.saveFailed + errorMessage(error, UI.fallback),
});

/** `none`: the company has no location yet, so there is nothing to ask for. */
export function LocationPunchRules({ none = false }: { none?: boolean }) {
  const dispatch = useAppDispatch();
  const query = useGetLocationPunchRulesQuery(undefined, { skip: none });
  const save = useRowAction(locationRuleMachine, { run: mutationCall(dayRulesApi.endpoints.saveLocationPunchRule, dispatch) });
  if (none) return null;
  if (query.error) return <Banner tone="error">{UI.loadFailed + errorMessage(query.error, UI.fallback)}</Banner>;
  if (query.isLoading || !query.data) return <LoadingLine>{UI.loading}</LoadingLine>;
  if (query.data.length === 0) return null;
  return (
    <div className="location-punch-rules">
      <h4 id="location-punch-rules-title">{UI.title}</h4>
      <p className="muted">{UI.intro}</p>
      <ul aria-labelledby="location-punch-rules-title">
        {query.data.map((l) => (
          <li key={l.locationId} className="field">
            <label htmlFor={`location-rule-${l.locationId}`}>{UI.label(l.name)}</label>
            <select
              id={`location-rule-${l.locationId}`}
              value={choiceOf(l.rule)}
              disabled={Boolean(save.pending)}
              aria-busy={save.pending?.id === l.locationId}
              onChange={(e) => {
                const choice = e.target.value as Choice;
                save.run({ id: l.locationId, rule: choice === 'company' ? null : CHOICES[choice] });
              }}
            >
              <option value="company">{UI.company}</option>
              {(Object.keys(CHOICES) as (keyof typeof CHOICES)[]).map((c) => (
                <option key={c} value={c}>
                  {UI.choices[c]}
                </option>
              ))}
            </select>
          </li>
        ))}
      </ul>
    </div>
  );
}

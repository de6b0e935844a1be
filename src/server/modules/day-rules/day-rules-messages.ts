/** Answers of the day's rules and punch policy routes, and the refusals of a web punch; the client shows them verbatim. */
import { formatDistance } from '../../../shared/day-rules/day-rules';

export const DAY_RULES_MSG = {
  rulesSaved: "The day's rules are saved",
  policySaved: 'Punch policy saved',
  ruleSaved: (name: string) => `Punch rule of ${name} saved`,
  ruleCleared: (name: string) => `${name} now follows the company's punch policy`,
  locationNotFound: 'Location not found',
  badNetwork: (cidr: string) => `${cidr} is not an address range like 203.0.113.0/24`,
  webOff: 'Web punching is off for you: punch on the office device.',
  positionNeeded: 'Your location is needed to punch: allow location access in the browser and try again.',
  imprecise: (meters: number) => `Your location is too imprecise to check (within ${formatDistance(meters)}): turn on precise location and try again.`,
  noSites: 'No office site is set up for punching by location: ask HR.',
  outside: (meters: number, site: string, radius: number) => `You are ${formatDistance(meters)} from ${site}; punching is allowed within ${formatDistance(radius)}.`,
  noNetworks: 'No office network is set up for punching: ask HR.',
  offNetwork: (address: string) => `Punch from the office network: this connection (${address}) is not one of the office's.`,
} as const;

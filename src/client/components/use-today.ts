/**
 * Today's date (YYYY-MM-DD) in the company's zone (the server's APP_TIMEZONE, else the viewer's),
 * moving on when the day changes, so a dashboard left open overnight polls the new day.
 */
import { useEffect, useState } from 'react';
import { companyToday } from '../../shared/format';
import { readRuntimeConfig } from '../config/runtime-config';

// The company's midnight need not be the viewer's, so check the date each minute instead of
// computing when midnight falls.
const RECHECK_MS = 60_000;

export function useToday(): string {
  const [timeZone] = useState(() => readRuntimeConfig().timeZone);
  const [today, setToday] = useState(() => companyToday(timeZone));

  useEffect(() => {
    const check = () => setToday(companyToday(timeZone));
    const timer = setInterval(check, RECHECK_MS);
    // A sleeping laptop delays timers; a returning tab checks at once.
    document.addEventListener('visibilitychange', check);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', check);
    };
  }, [timeZone]);

  return today;
}

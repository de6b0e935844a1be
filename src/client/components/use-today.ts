/** Today's date (YYYY-MM-DD) in the company's zone, kept current by the today machine (today-machine.ts). */
import { useState } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { readRuntimeConfig } from '../config/runtime-config';
import { todayMachine } from './today-machine';

export function useToday(): string {
  const [timeZone] = useState(() => readRuntimeConfig().timeZone);
  const actor = useActorRef(todayMachine, { input: { timeZone } });
  return useSelector(actor, (state) => state.context.today);
}

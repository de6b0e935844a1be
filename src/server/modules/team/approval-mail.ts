/** The words of request and decision notifications (leave, attendance corrections, comp-off). Never any pay. */
import type { AppContext } from '../../context';
import type { OwedMail } from './notification-mail';

export interface RequestFacts {
  what: 'leave' | 'correction' | 'comp-off';
  requesterName: string;
  /** "Casual Leave, 2027-03-08 to 2027-03-09 (2 days)" or "2027-03-04, 09:30 to 18:00". */
  summary: string;
  reason: string;
}

const WORDS: Record<RequestFacts['what'], { noun: string; asks: string; hrPath: string; ownPath: string }> = {
  leave: { noun: 'leave request', asks: 'leave', hrPath: '/admin/leaves', ownPath: '/employee/leaves' },
  correction: { noun: 'attendance correction', asks: 'an attendance correction', hrPath: '/admin/attendance', ownPath: '/employee/attendance' },
  'comp-off': { noun: 'comp-off request', asks: 'comp-off', hrPath: '/admin/leaves', ownPath: '/employee/leaves' },
};
const noun = (what: RequestFacts['what']) => WORDS[what].noun;

/** To an approver (manager, stand-in, or HR): a request waits for them. */
export function newRequestMail(ctx: AppContext, r: RequestFacts, role: 'manager' | 'stand-in' | 'hr', escalated = false): OwedMail {
  const link = role === 'hr' ? `${ctx.config.publicUrl}${WORDS[r.what].hrPath}` : `${ctx.config.publicUrl}/employee/team`;
  const why = escalated
    ? 'It has waited longer than the company allows for the manager, so it comes to HR as well.'
    : role === 'stand-in'
      ? 'You are standing in for their manager, so you may decide it.'
      : 'It waits for your decision.';
  return {
    kind: `${r.what}.request`,
    subject: `${ctx.config.companyName}: ${r.requesterName} asks for ${WORDS[r.what].asks}${escalated ? ' (waiting too long)' : ''}`,
    body: `${r.requesterName} filed a ${noun(r.what)}: ${r.summary}.\nReason: ${r.reason}\n\n${why}\nOpen it (you will be asked to sign in): ${link}`,
  };
}

/** To the requester: what was decided, by whom, and the remark. */
export function decisionMail(ctx: AppContext, r: RequestFacts, outcome: string, deciderName: string, remark: string | null): OwedMail {
  const link = `${ctx.config.publicUrl}${WORDS[r.what].ownPath}`;
  return {
    kind: `${r.what}.decision`,
    subject: `${ctx.config.companyName}: your ${noun(r.what)} was ${outcome}`,
    body: `Hello ${r.requesterName},\n\nYour ${noun(r.what)} (${r.summary}) was ${outcome} by ${deciderName}.${remark ? `\nRemark: ${remark}` : ''}\n\nSee your requests (you will be asked to sign in): ${link}`,
  };
}

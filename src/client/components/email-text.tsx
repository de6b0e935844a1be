/**
 * An e-mail address that may wrap at its natural joints (before '@', after '.', '-' and '_' before
 * it) and nowhere else, so a long address takes two lines instead of widening its column past the screen,
 * and no address is ever broken mid-name. <wbr> adds no characters: copying gives the address.
 */
import { Fragment } from 'react';
import { textWidthEm } from './column-widths';

/** A domain up to this wide (in em) may be kept on one line: "@e2e-layout.example.com" is about 13. */
const WHOLE_DOMAIN_EM = 14;

/**
 * The address in pieces, each ending where a line may break: after a '.', '-' or '_' of the name
 * part, before the '@', and after a hyphen of the domain. A domain's dots never break, so a line
 * never ends in "@seed." with "example" alone below. With `keepDomain`, a domain that is not very
 * long is one piece, so the address breaks before its '@' rather than at "@e2e-".
 */
function pieces(email: string, keepDomain = false): string[] {
  const at = email.lastIndexOf('@');
  if (at <= 0) return [email];
  const domain = email.slice(at);
  const whole = keepDomain && textWidthEm(domain) <= WHOLE_DOMAIN_EM;
  return [...email.slice(0, at).split(/(?<=[.\-_])/), ...(whole ? [domain] : domain.split(/(?<=-)/))];
}

/** The address with a space at each joint: what column sizing should treat as its words. */
export const emailSizingText = (email: string, keepDomain = false): string => pieces(email, keepDomain).join(' ');

export function EmailText({ email, keepDomain = false }: { email: string; keepDomain?: boolean }) {
  const parts = pieces(email, keepDomain);
  return (
    <>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {/* A kept domain does not break after its hyphens either, which browsers would do. */}
          {keepDomain && part.startsWith('@') ? <span className="nowrap">{part}</span> : part}
        </Fragment>
      ))}
    </>
  );
}

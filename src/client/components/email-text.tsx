/**
 * An e-mail address that may wrap at its natural joints (before '@', after '.', '-' and '_' before
 * it) and nowhere else, so a long address takes two lines instead of widening its column past the screen,
 * and no address is ever broken mid-name. <wbr> adds no characters: copying gives the address.
 */
import { Fragment } from 'react';
import { textWidthEm } from './column-widths';

/**
 * The address in pieces, each ending where a line may break: after a '.', '-' or '_' of the name
 * part, before the '@', and after a hyphen of the domain. A domain's dots never break, so a line
 * never ends in "@seed." with "example" alone below. A domain no wider than `wholeDomainEm` is
 * one piece, so the address breaks before its '@' rather than at "@e2e-".
 */
function pieces(email: string, wholeDomainEm = 0): string[] {
  const at = email.lastIndexOf('@');
  if (at <= 0) return [email];
  const domain = email.slice(at);
  const whole = wholeDomainEm > 0 && textWidthEm(domain) <= wholeDomainEm;
  return [...email.slice(0, at).split(/(?<=[.\-_])/), ...(whole ? [domain] : domain.split(/(?<=-)/))];
}

/** The address with a space at each joint: what column sizing should treat as its words. */
export const emailSizingText = (email: string): string => pieces(email).join(' ');

interface EmailTextProps {
  email: string;
  /** The room the address has, in em: a domain that fits in it is kept on one line. */
  wholeDomainEm?: number;
}

export function EmailText({ email, wholeDomainEm }: EmailTextProps) {
  const parts = pieces(email, wholeDomainEm);
  return (
    <>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {/* A domain kept whole does not break after its hyphens either, which browsers would do. */}
          {wholeDomainEm && part.startsWith('@') ? <span className="nowrap">{part}</span> : part}
        </Fragment>
      ))}
    </>
  );
}

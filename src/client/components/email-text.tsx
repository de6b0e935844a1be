/**
 * An e-mail address that may wrap at its natural joints (before '@', after '.', '-' and '_' before
 * it) and nowhere else, so a long address takes two lines instead of widening its column past the screen,
 * and no address is ever broken mid-name. <wbr> adds no characters: copying gives the address.
 */
import { Fragment } from 'react';

/**
 * The address in pieces, each ending where a line may break: after a '.', '-' or '_' of the name
 * part, before the '@', and after a hyphen of the domain. A domain's dots never break, so a line
 * never ends in "@seed." with "example" alone below.
 */
function pieces(email: string): string[] {
  const at = email.lastIndexOf('@');
  if (at <= 0) return [email];
  return [...email.slice(0, at).split(/(?<=[.\-_])/), ...email.slice(at).split(/(?<=-)/)];
}

/** The address with a space at each joint: what column sizing should treat as its words. */
export const emailSizingText = (email: string): string => pieces(email).join(' ');

export function EmailText({ email }: { email: string }) {
  const parts = pieces(email);
  return (
    <>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </>
  );
}

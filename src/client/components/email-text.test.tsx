import { render } from '@testing-library/react';
import { EmailText, emailSizingText } from './email-text';

const EMAIL = 'aishwarya.ramachandran@e2e-layout.example.com';

/** The address's text pieces between its line-break points (<wbr>). */
const pieces = (container: HTMLElement) =>
  container.innerHTML.replace(/<span class="nowrap">|<\/span>/g, '').split('<wbr>');

describe('EmailText', () => {
  it('breaks only at joints: after dots of the name, before the @, after hyphens of the domain', () => {
    const { container } = render(<EmailText email={EMAIL} />);
    expect(container.textContent).toBe(EMAIL);
    expect(pieces(container)).toEqual(['aishwarya.', 'ramachandran', '@e2e-', 'layout.example.com']);
    expect(emailSizingText(EMAIL)).toBe('aishwarya. ramachandran @e2e- layout.example.com');
  });

  it('keeps the domain on one line when the column has room for it, so the break falls before the @', () => {
    const { container } = render(<EmailText email={EMAIL} wholeDomainEm={20} />);
    expect(container.textContent).toBe(EMAIL);
    expect(pieces(container)).toEqual(['aishwarya.', 'ramachandran', '@e2e-layout.example.com']);
    expect(container.querySelector('.nowrap')).toHaveTextContent('@e2e-layout.example.com');
  });

  it('still breaks a domain wider than the column at its hyphens', () => {
    const { container } = render(<EmailText email={EMAIL} wholeDomainEm={8} />);
    expect(pieces(container)).toEqual(['aishwarya.', 'ramachandran', '@e2e-', 'layout.example.com']);
  });
});

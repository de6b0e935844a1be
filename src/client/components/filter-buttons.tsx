/** A list filter form's Apply (its submit) and Clear buttons. */
export function FilterButtons({ className, apply, clear, onClear }: { className: string; apply: string; clear: string; onClear: () => void }) {
  return (
    <div className={className}>
      <button type="submit" className="button">
        {apply}
      </button>
      <button type="button" className="button button--secondary" onClick={onClear}>
        {clear}
      </button>
    </div>
  );
}

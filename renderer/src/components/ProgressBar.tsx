/** A labelled progress bar (the native element, which screen readers announce). */
export function ProgressBar({ value, max, label }: { readonly value: number; readonly max: number; readonly label: string }) {
  return (
    <div className="progress">
      <progress value={value} max={Math.max(max, 1)} aria-label={label} />
      <span className="progress-text">
        {value.toLocaleString()} of {max.toLocaleString()}
      </span>
    </div>
  );
}

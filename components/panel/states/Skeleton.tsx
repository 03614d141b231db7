/**
 * Grey bars in the shape of what is loading; its status says "Loading …" as text. Not aria-busy:
 * a live region marked busy is not announced (the label alone, on an empty region, was not read
 * either). `data-loading` tells the saver (useSaveBriefing) that something is still loading.
 */
export function Skeleton({ label, lines = 3 }: { label: string; lines?: number }) {
  return (
    <div className="skeleton" role="status" aria-label={label} data-loading="">
      <span className="visually-hidden">{label}</span>
      {Array.from({ length: lines }, (_, index) => (
        <div key={index} className={index % 3 === 1 ? 'skeleton-line short' : 'skeleton-line'} aria-hidden="true" />
      ))}
    </div>
  );
}

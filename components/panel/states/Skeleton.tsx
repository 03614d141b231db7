/** Grey bars in the shape of what is loading; announced once as "Loading …". */
export function Skeleton({ label, lines = 3 }: { label: string; lines?: number }) {
  return (
    <div className="skeleton" role="status" aria-busy="true" aria-label={label}>
      {Array.from({ length: lines }, (_, index) => (
        <div key={index} className={index % 3 === 1 ? 'skeleton-line short' : 'skeleton-line'} />
      ))}
    </div>
  );
}

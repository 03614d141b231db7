import './ui.css';

/** Marks a value that enterprise policy set and the user cannot change. */
export function LockNote({ id }: { id?: string }) {
  return (
    <p id={id} className="ui-lock">
      <span aria-hidden="true">🔒 </span>Set by your administrator
    </p>
  );
}

/** Nodes Primer put into the page, so the observer ignores the mutations they cause. */
const owned = new WeakSet<Node>();

export function own<T extends Node>(node: T): T {
  owned.add(node);
  return node;
}

export function isOwned(node: Node): boolean {
  return owned.has(node);
}

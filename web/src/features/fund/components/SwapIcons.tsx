/** Icons the icon set lacks, drawn in its style (1em, currentColor). */
export function SwapIcon({ fontSize }: { fontSize?: number }) {
  return (
    <svg width="1em" height="1em" viewBox="0 0 24 24" fill="none" style={{ fontSize }} aria-hidden="true">
      <path
        d="M7 4 3.5 7.5 7 11M3.5 7.5h13M17 13l3.5 3.5L17 20M20.5 16.5h-13"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** The vertical swap of the from/to account pickers. */
export function SwapVerticalIcon({ fontSize }: { fontSize?: number }) {
  return (
    <svg width="1em" height="1em" viewBox="0 0 24 24" fill="none" style={{ fontSize }} aria-hidden="true">
      <path
        d="M8 20V4M8 4 4.5 7.5M8 4l3.5 3.5M16 4v16M16 20l-3.5-3.5M16 20l3.5-3.5"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

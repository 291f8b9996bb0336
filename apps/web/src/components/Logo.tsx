import { PRODUCT_NAME } from './hooks';

export function LogoMark({ size = 26 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="#2878ff" />
      <path
        d="M7 20.5c3 2 6 2 9 0s6-2 9 0"
        stroke="#fff"
        strokeWidth="2.4"
        fill="none"
        strokeLinecap="round"
      />
      <path d="M10 16V9.5L16 7l6 2.5V16" stroke="#fff" strokeWidth="2.4" fill="none" strokeLinejoin="round" />
    </svg>
  );
}

export function Logo({ size = 26 }: { size?: number }) {
  return (
    <span className="ferry-logo">
      <LogoMark size={size} />
      <span className="ferry-logo-text">{PRODUCT_NAME}</span>
    </span>
  );
}

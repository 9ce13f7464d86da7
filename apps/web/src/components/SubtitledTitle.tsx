import './subtitled-title.css';

/** A nav bar title with a smaller line under it (the device a list is about). */
export function SubtitledTitle({ title, subtitle }: { title: string; subtitle?: string }) {
  return (
    <div className="subtitled-title">
      <div className="subtitled-title__main">{title}</div>
      {subtitle ? <div className="subtitled-title__sub">{subtitle}</div> : null}
    </div>
  );
}

// The advent calendar (SPEC §3 Gift calendar item, §9 dated previews 11–31 December): each day's
// state comes from the server's Moscow date, so a browser clock set forward opens nothing. Today's
// window shows its gift and link, past days what they held, future days only their date.
import type { AdventCalendar } from '@store/api-client';
import { AppLink } from '../app-link.tsx';

const STATE_TEXT = { open: 'Подарок дня', past: 'Этот день прошёл', locked: 'Откроется в свой день' } as const;

export function AdventGrid({
  calendar,
  compact = false,
  level = 3,
}: {
  calendar: AdventCalendar;
  compact?: boolean;
  /** The day titles' level: h2 on the calendar page, h3 in the home page's section. */
  level?: 2 | 3;
}) {
  const Heading = `h${level}` as const;
  const items = compact ? calendar.items.filter((i) => i.state !== 'past').slice(0, 6) : calendar.items;
  return (
    <ol className={compact ? 'advent-grid advent-grid--compact' : 'advent-grid'}>
      {items.map((item) => (
        <li
          key={item.id}
          className={`advent-day advent-day--${item.state}`}
          style={{ background: item.background_color }}
          aria-label={`${item.day} декабря: ${STATE_TEXT[item.state]}`}
        >
          <picture>
            <source media="(max-width: 767px)" srcSet={item.mobile_image} />
            <img src={item.preview_image} alt="" width={300} height={300} loading="lazy" />
          </picture>
          <div className="advent-day-body">
            <p className="advent-day-date">{item.day} декабря</p>
            <p className="advent-day-state">{STATE_TEXT[item.state]}</p>
            {item.state === 'locked' ? (
              <p className="advent-day-lock">Секрет до {item.day} декабря</p>
            ) : (
              <>
                <Heading className="advent-day-name">{item.name}</Heading>
                {item.text ? <p className="advent-day-text">{item.text}</p> : null}
                {item.state === 'open' && item.link ? (
                  <AppLink to={item.link} className="button button-primary advent-day-link">
                    Забрать подарок
                  </AppLink>
                ) : null}
              </>
            )}
          </div>
        </li>
      ))}
    </ol>
  );
}

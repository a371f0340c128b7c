// The personal-data policy of /prm/personal-data (its text: content/personal-data-policy.ts).
import { POLICY_DATE, POLICY_SECTIONS } from '../../content/personal-data-policy.ts';

export function PersonalDataPolicy() {
  return (
    <article className="policy">
      <p className="muted">Редакция от {POLICY_DATE}</p>
      {POLICY_SECTIONS.map((section) => (
        <section key={section.heading} aria-labelledby={`policy-${section.heading.split('.')[0]}`}>
          <h2 id={`policy-${section.heading.split('.')[0]}`}>{section.heading}</h2>
          {section.paragraphs.map((text) => (
            <p key={text}>{text}</p>
          ))}
          {section.items ? (
            <ul>
              {section.items.map((text) => (
                <li key={text}>{text}</li>
              ))}
            </ul>
          ) : null}
        </section>
      ))}
    </article>
  );
}

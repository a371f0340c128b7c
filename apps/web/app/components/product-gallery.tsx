// Product pictures: the main picture with thumbnails beside it, a click on the picture opens it large
// in a dialog (arrows and Escape work there); video reviews are plain links to YouTube.
// The thumbnails come after the main picture in the HTML although the grid shows them to its left on a
// wide screen: the page streams, and a phone paints what has arrived, so a list placed under a picture
// whose <img> had not arrived yet jumped down 300 px when it did (CI's layout-shift test caught it).
// For the same reason the one-picture layout is a class, not `:has(.pp-thumbs)`: while the list was still
// arriving Chromium laid the grid out without its area for a frame.
import { useEffect, useRef, useState } from 'react';
import { CatalogIcon } from './catalog-icons.tsx';
import { Icon } from './icons.tsx';

export function ProductGallery({ images, name, youtube }: { images: string[]; name: string; youtube: string[] }) {
  const pictures = images.length > 0 ? images : ['/favicon.svg'];
  const [current, setCurrent] = useState(0);
  const [zoomed, setZoomed] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const count = pictures.length;
  const go = (index: number) => setCurrent((index + count) % count);

  useEffect(() => {
    const el = dialog.current;
    if (!el) return;
    if (zoomed && !el.open) el.showModal();
    if (!zoomed && el.open) el.close();
  }, [zoomed]);

  const alt = (i: number) => (count > 1 ? `${name}, фото ${i + 1} из ${count}` : name);

  return (
    <div className={count > 1 ? 'pp-gallery' : 'pp-gallery pp-gallery--single'}>
      <div className="pp-main-picture">
        <button
          type="button"
          className="pp-zoom"
          aria-haspopup="dialog"
          onClick={() => setZoomed(true)}
          title="Увеличить"
        >
          <img
            src={pictures[current]}
            alt={alt(current)}
            width={480}
            height={480}
            fetchPriority={current === 0 ? 'high' : undefined}
          />
          <span className="visually-hidden">Увеличить фото</span>
        </button>
        {count > 1 ? (
          <>
            <button
              type="button"
              className="pp-arrow pp-arrow--prev"
              aria-label="Предыдущее фото"
              onClick={() => go(current - 1)}
            >
              <CatalogIcon name="chevronLeft" />
            </button>
            <button
              type="button"
              className="pp-arrow pp-arrow--next"
              aria-label="Следующее фото"
              onClick={() => go(current + 1)}
            >
              <CatalogIcon name="chevronRight" />
            </button>
          </>
        ) : null}
      </div>
      {count > 1 ? (
        <ul className="pp-thumbs" aria-label="Фотографии товара">
          {pictures.map((src, i) => (
            <li key={src}>
              <button
                type="button"
                className="pp-thumb"
                aria-pressed={i === current}
                aria-label={`Фото ${i + 1}`}
                onClick={() => setCurrent(i)}
              >
                <img src={src} alt="" width={64} height={64} loading="lazy" decoding="async" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {youtube.length > 0 ? (
        <ul className="pp-videos" aria-label="Видеообзоры">
          {youtube.map((id, i) => (
            <li key={id}>
              <a
                href={`https://www.youtube.com/watch?v=${encodeURIComponent(id)}`}
                target="_blank"
                rel="noopener noreferrer"
              >
                <span className="pp-video-play" aria-hidden="true">
                  ▶
                </span>
                Видеообзор{youtube.length > 1 ? ` ${i + 1}` : ''}
                <span className="visually-hidden"> (YouTube, откроется в новой вкладке)</span>
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      <dialog
        ref={dialog}
        className="modal pp-zoom-dialog"
        aria-label={`Фото: ${name}`}
        onClose={() => setZoomed(false)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowLeft') go(current - 1);
          if (event.key === 'ArrowRight') go(current + 1);
        }}
      >
        <div className="modal-head">
          <p className="pp-zoom-title">{count > 1 ? `Фото ${current + 1} из ${count}` : 'Фото'}</p>
          <button type="button" className="icon-button" aria-label="Закрыть" onClick={() => setZoomed(false)}>
            <Icon name="close" />
          </button>
        </div>
        {zoomed ? (
          <div className="pp-zoom-body">
            {count > 1 ? (
              <button
                type="button"
                className="pp-arrow pp-arrow--prev"
                aria-label="Предыдущее фото"
                onClick={() => go(current - 1)}
              >
                <CatalogIcon name="chevronLeft" />
              </button>
            ) : null}
            <img src={pictures[current]} alt={alt(current)} width={800} height={800} />
            {count > 1 ? (
              <button
                type="button"
                className="pp-arrow pp-arrow--next"
                aria-label="Следующее фото"
                onClick={() => go(current + 1)}
              >
                <CatalogIcon name="chevronRight" />
              </button>
            ) : null}
          </div>
        ) : null}
      </dialog>
    </div>
  );
}

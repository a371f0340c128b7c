// HTML of an article or promo page: the API sanitised it with sanitize-html (decision 0024).
export function ContentHtml({ html, className = 'content-html' }: { html: string; className?: string }) {
  return <div className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}

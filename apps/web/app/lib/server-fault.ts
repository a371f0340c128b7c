// The words of the error page for a fault of the store (status ≥ 500), shared by the React error page and the
// plain page an instance sends when it is too busy to render (too-busy.server.ts), so the two never drift apart.
export const SERVER_FAULT_TITLE = 'Что-то пошло не так';
export const SERVER_FAULT_TEXT = 'Мы уже знаем о проблеме и чиним её. Попробуйте обновить страницу через минуту.';
export const HOME_LINK_TEXT = 'На главную';

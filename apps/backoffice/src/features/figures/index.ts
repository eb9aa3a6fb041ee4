export { EndOfDayPage } from "./end-of-day-page";
export { FiguresPage } from "./figures-page";

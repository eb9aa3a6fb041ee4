export { MenuEditorRoutes } from "./menu-editor";

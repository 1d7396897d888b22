/**
 * The part of react-router every StudyHub app uses, and the module shared at run time as `react-router-dom`
 * (decision 014). A federated singleton cannot be tree-shaken by any one build, so the whole router (61 KB gzip)
 * came down with every page; sharing this list instead sends 13 KB. An app that imports a name missing here
 * would get `undefined` at run time: router-exports.test.ts fails first and names it.
 */
export {
  BrowserRouter,
  Link,
  Navigate,
  NavLink,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useParams,
} from 'react-router';

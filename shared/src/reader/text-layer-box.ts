import styled from 'styled-components';

/** pdf.js's text layer rules (pdfjs-dist/web/pdf_viewer.css, the part the text layer needs). */
export const TextLayerBox = styled.div`
  position: absolute;
  inset: 0;
  overflow: clip;
  line-height: 1;
  text-align: initial;
  text-size-adjust: none;
  forced-color-adjust: none;
  transform-origin: 0 0;
  caret-color: CanvasText;
  z-index: 0;
  --min-font-size: 1;
  --text-scale-factor: calc(var(--total-scale-factor) * var(--min-font-size));
  --min-font-size-inv: calc(1 / var(--min-font-size));
  :is(span, br) {
    color: transparent;
    position: absolute;
    white-space: pre;
    cursor: text;
    transform-origin: 0% 0%;
  }
  > :not(.markedContent),
  .markedContent span:not(.markedContent) {
    z-index: 1;
    --font-height: 0;
    font-size: calc(var(--text-scale-factor) * var(--font-height));
    --scale-x: 1;
    --rotate: 0deg;
    transform: rotate(var(--rotate)) scaleX(var(--scale-x)) scale(var(--min-font-size-inv));
  }
  .markedContent {
    display: contents;
  }
  /* The searched words (marks.ts): a highlighter's yellow under the page's own ink, on white paper in both themes. */
  mark {
    color: transparent;
    background: rgb(255 196 0 / 0.45);
    border-radius: 2px;
    box-shadow: 0 0 0 1px rgb(204 136 0 / 0.8);
  }
  ::selection {
    background: rgb(0 0 255 / 0.25);
  }
  br::selection {
    background: transparent;
  }
  .endOfContent {
    display: block;
    position: absolute;
    inset: 100% 0 0;
    z-index: 0;
    cursor: default;
    user-select: none;
  }
`;

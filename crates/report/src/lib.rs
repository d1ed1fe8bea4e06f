//! The measurement report's building blocks, independent of what is measured:
//! - [`timing`]: warm-up, interleaved repetitions, medians and spread;
//! - [`machine`]: what machine and tools produced the numbers;
//! - [`doc`]: a small document model (sections of paragraphs, tables and charts);
//! - [`render`]: that document as Markdown and as self-contained HTML with inline SVG charts.

pub mod baseline;
pub mod chart;
pub mod doc;
pub mod machine;
pub mod render;
pub mod timing;

//! The HTML report in a real browser: rendered from the newest committed report of each CPU
//! (`results/`, nothing measured), opened in headless Chromium at 1,400 px, it must not widen
//! the page — `document.scrollingElement.scrollWidth` stays within `window.innerWidth`; wide
//! tables scroll inside their own box.
//!
//! Needs `chromium` (Debian: `apt-get install chromium`; or `EVM384_CHROMIUM=/path/to/chrome`).
//! Without it the test prints `SKIPPED` and passes; `EVM384_REQUIRE_CHROMIUM=1` makes that a
//! failure. The same check by hand, and the screenshots beside the report of record:
//! docs/cli.md ("Checking the HTML report in a browser").

use std::path::{Path, PathBuf};
use std::process::Command;

use evm384_report::{headline, write};

const WIDTH: u32 = 1400;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The browser: `EVM384_CHROMIUM`, else the first of the usual names on `PATH`.
fn chromium() -> Option<PathBuf> {
    if let Some(p) = evm384_testkit::chromium_override() {
        return Some(PathBuf::from(p));
    }
    let path = std::env::var_os("PATH")?;
    ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable"]
        .iter()
        .flat_map(|name| std::env::split_paths(&path).map(move |dir| dir.join(name)))
        .find(|p| p.is_file())
}

/// Appended to a copy of the page: measures after layout and writes the result into the DOM,
/// with the elements that stick out of the window outside a scrolling box.
const PROBE: &str = r#"<script>(function(){
var d=document.scrollingElement,w=window.innerWidth,out=['scrollWidth='+d.scrollWidth+' innerWidth='+w];
document.querySelectorAll('body *').forEach(function(e){var r=e.getBoundingClientRect();
if(r.right>w+0.5&&!e.closest('div.scroll')&&out.length<12)out.push(e.tagName.toLowerCase()+(e.id?'#'+e.id:'')+(e.className&&e.className.baseVal===undefined?'.'+e.className:'')+' right='+Math.round(r.right));});
var p=document.createElement('pre');p.id='overflow-probe';p.textContent=out.join('\n');document.body.appendChild(p);})();</script>"#;

/// Opens `html` (a copy with the probe) at WIDTH px; returns (scrollWidth, innerWidth, culprits).
fn measure(browser: &Path, html: &Path) -> (u32, u32, String) {
    let text = std::fs::read_to_string(html).unwrap();
    let probe = html.with_file_name("overflow-probe.html");
    std::fs::write(&probe, text.replace("</body>", &format!("{PROBE}</body>"))).unwrap();
    let out = Command::new(browser)
        .args(["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars"])
        .arg(format!("--window-size={WIDTH},1000"))
        .arg("--dump-dom")
        .arg(format!("file://{}", probe.canonicalize().unwrap().display()))
        .output()
        .expect("chromium runs");
    let dom = String::from_utf8_lossy(&out.stdout);
    let start = dom.find("<pre id=\"overflow-probe\">").unwrap_or_else(|| {
        panic!("no probe output from {}: {}", browser.display(), String::from_utf8_lossy(&out.stderr))
    });
    let body = &dom[start + 24..];
    let body = &body[..body.find("</pre>").unwrap()];
    let first = body.lines().next().unwrap();
    let num = |key: &str| -> u32 {
        let rest = &first[first.find(key).unwrap() + key.len()..];
        rest.split_whitespace().next().unwrap().parse().unwrap()
    };
    (num("scrollWidth="), num("innerWidth="), body.lines().skip(1).collect::<Vec<_>>().join("; "))
}

#[test]
fn html_report_does_not_overflow_the_page_at_1400px() {
    let Some(browser) = chromium() else {
        evm384_testkit::skip(
            evm384_testkit::Requirement::Chromium,
            "html_report_does_not_overflow_the_page_at_1400px",
            "no chromium on PATH (apt-get install chromium, or set EVM384_CHROMIUM)",
        );
        return;
    };
    let tmp = std::env::temp_dir().join(format!("evm384-browser-test-{}", std::process::id()));
    std::fs::create_dir_all(&tmp).unwrap();

    // The probe itself: a page wider than the window is caught.
    let wide = tmp.join("wide.html");
    std::fs::write(&wide, "<!DOCTYPE html><html><body><div style=\"width:3000px\">x</div></body></html>").unwrap();
    let (sw, iw, _) = measure(&browser, &wide);
    assert!(sw > iw, "the probe misses a 3000 px page: scrollWidth {sw}, innerWidth {iw}");

    let files = headline::newest_per_cpu(&root().join("results"), "results").unwrap();
    assert!(!files.is_empty());
    for f in files {
        let dir = tmp.join(write::result_stem(&f.results));
        write::write_report_from(&dir, &f.results, &f.link).unwrap();
        let (sw, iw, culprits) = measure(&browser, &dir.join("index.html"));
        println!("{}: scrollWidth {sw} px, innerWidth {iw} px", f.link);
        assert!(iw >= WIDTH - 20, "{}: window only {iw} px wide", f.link);
        assert!(sw <= iw, "{}: the page scrolls sideways at {WIDTH} px (scrollWidth {sw} > {iw}): {culprits}", f.link);
    }
    std::fs::remove_dir_all(&tmp).ok();
}

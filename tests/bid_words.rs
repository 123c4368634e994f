//! What a player reads in `tysiac bid` (issue 46, item 7): the table's
//! column says *allowed* (not "bid", beside "bid up to"), the highest bid
//! the rules allow is said in words, and the figures only an analyst needs
//! (the most a musik could bring, the worth of weighed layouts) come with
//! `--verbose` (and are always in `--json`).

use assert_cmd::Command;

fn bid(args: &[&str]) -> String {
    let out = Command::cargo_bin("tysiac")
        .unwrap()
        .arg("bid")
        .args(args)
        .args(["--quiet", "--threads", "1"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// "A bid above 120 needs a marriage in the bidder's 7 cards, and no bid
/// may exceed 120 plus the marriages in those 7 cards" (docs/rules.md,
/// *Bidding*): the heart marriage (100) allows 220, no marriage 120.
#[test]
fn the_table_says_allowed_and_the_limit_in_words() {
    let text = bid(&["AKQ.T9..AJ", "--samples", "8"]);
    assert!(
        text.contains(
            "\nlevel  allowed  P(make)  95% interval    expected  if every card were seen\n"
        ),
        "{text}"
    );
    assert!(text.contains("the rules allow bids up to 220"), "{text}");
    assert!(text.contains("  220  yes "), "{text}");
    assert!(!text.contains("cap:"), "{text}");
    assert!(!text.contains("best conceivable"), "{text}");
    assert!(!text.contains("not biddable"), "{text}");
    let plain = bid(&["AT.T9..AJ9", "--samples", "8"]);
    assert!(plain.contains("the rules allow bids up to 120"), "{plain}");
    assert!(plain.contains("  120  yes "), "{plain}");
    assert!(plain.contains("  130  no "), "{plain}");
    assert!(
        plain.contains("<- above the highest bid allowed"),
        "{plain}"
    );
}

#[test]
fn verbose_adds_what_a_musik_could_bring() {
    let text = bid(&["AKQ.T9..AJ", "--samples", "8", "--verbose"]);
    let line = text
        .lines()
        .find(|l| l.starts_with("marriages in hand: "))
        .unwrap();
    assert!(
        line.contains("best conceivable with a musik: ")
            && line.contains("(beyond any allowed bid)"),
        "{line}"
    );
    // The JSON has it without asking.
    let json = bid(&["AKQ.T9..AJ", "--samples", "8", "--json"]);
    assert!(json.contains("\"max_conceivable\":"), "{json}");
}

#[test]
fn an_auction_shows_the_worth_of_its_layouts_only_when_asked() {
    let args = [
        "AH,KH,QH,TD,9D,AS,JS",
        "--auction",
        "L:100 R:110 D:?",
        "--samples",
        "8",
    ];
    let plain = bid(&args);
    assert!(plain.contains("best now: "), "{plain}");
    assert!(!plain.contains("independent layouts"), "{plain}");
    let verbose = bid(&[&args[..], &["--verbose"]].concat());
    assert!(
        verbose.contains("weighed by the others' calls: worth "),
        "{verbose}"
    );
    assert!(verbose.contains(" independent layouts"), "{verbose}");
}

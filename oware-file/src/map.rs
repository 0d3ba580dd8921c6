//! Files mapped read-only into memory.

use std::fs::File;
use std::io;
use std::path::Path;

/// A whole file mapped read-only: its bytes are read from disk only when
/// first touched, and stay in the system's page cache, shared by every
/// process that maps the same file.
///
/// The files of this workspace are written under a temporary name and
/// renamed when complete, never changed in place: a file replaced while
/// mapped stays mapped as it was (the old one lives on until unmapped).
///
/// ```
/// let path = std::env::temp_dir().join(format!("oware-file-doc-{}", std::process::id()));
/// std::fs::write(&path, b"mapped bytes")?;
/// let mapped = oware_file::Mapped::open(&path)?;
/// assert_eq!(&*mapped, b"mapped bytes");
/// # std::fs::remove_file(&path)?;
/// # Ok::<(), std::io::Error>(())
/// ```
pub struct Mapped {
    map: memmap2::Mmap,
}

impl Mapped {
    /// Maps the file at `path`.
    ///
    /// # Errors
    /// When the file cannot be opened or mapped.
    pub fn open(path: &Path) -> io::Result<Mapped> {
        Mapped::of(&File::open(path)?)
    }

    /// Maps an open file.
    ///
    /// # Errors
    /// When the file cannot be mapped.
    pub fn of(file: &File) -> io::Result<Mapped> {
        // SAFETY: the map is read-only, and the files this workspace maps
        // are never changed in place (written aside, then renamed): what
        // the map shows does not change under the references it gives. A
        // file truncated by hand while mapped would fault its reader; no
        // program here does that.
        let map = unsafe { memmap2::Mmap::map(file)? };
        // No advice to the system: neither MADV_RANDOM nor MADV_HUGEPAGE
        // changed the probe's time, the page cache backing large files with
        // large folios either way (docs/endgames.md, "Start-up and memory").
        Ok(Mapped { map })
    }

    /// The mapped length in bytes.
    #[must_use]
    pub fn len(&self) -> usize {
        self.map.len()
    }

    /// Whether the file is empty.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.map.is_empty()
    }
}

impl core::ops::Deref for Mapped {
    type Target = [u8];

    #[inline]
    fn deref(&self) -> &[u8] {
        &self.map
    }
}

impl core::fmt::Debug for Mapped {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Mapped").field("len", &self.len()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_empty_file_maps_to_no_bytes_and_a_missing_one_is_an_error() {
        let dir = std::env::temp_dir();
        let path = dir.join(format!("oware-file-empty-{}", std::process::id()));
        std::fs::write(&path, b"").unwrap();
        let mapped = Mapped::open(&path).unwrap();
        assert!(mapped.is_empty());
        std::fs::remove_file(&path).unwrap();
        assert!(Mapped::open(&path).is_err());
    }
}
